//! /system/post/add and add/:id, /system/post/edit/:id and /system/post/view/:id (read-only): the
//! mode comes from the route. Posts have no parent, so the id of add/:id names a post to copy from:
//! the form starts with its values, code left empty (codes are unique).
import React from 'react';
import { useFormMode } from '@/components/Crud';
import PostForm from './components/PostForm';

const PostFormPage: React.FC = () => <PostForm mode={useFormMode()} />;

export default PostFormPage;
